import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountErasuresRepository, type AccountStatus } from '../account-erasures.repository';
import { GetAccountQuery } from './get-account.query';

@QueryHandler(GetAccountQuery)
export class GetAccountHandler implements IQueryHandler<GetAccountQuery, { status: AccountStatus }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly erasures: AccountErasuresRepository,
  ) {}

  async execute({ pilot }: GetAccountQuery): Promise<{ status: AccountStatus }> {
    return { status: await this.erasures.status(this.dataSource, pilot) };
  }
}
