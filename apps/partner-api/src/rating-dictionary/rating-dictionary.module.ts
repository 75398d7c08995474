import { Module } from '@nestjs/common';
import { AccessModule } from '../auth/access.module';
import { GetRatingDictionaryHandler } from './get-rating-dictionary.handler';
import { RatingDictionaryController } from './rating-dictionary.controller';

/** `GET /v1/rating-dictionary`: the airplane rating dictionary, for keys with its scope. */
@Module({
  imports: [AccessModule],
  controllers: [RatingDictionaryController],
  providers: [GetRatingDictionaryHandler],
})
export class RatingDictionaryModule {}
