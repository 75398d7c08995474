import { Body, Controller, Param, Post } from '@nestjs/common';
import { handlerTakesBody } from './request-body.guard';

@Controller('things')
class ThingsController {
  @Post()
  create(@Body() body: unknown): unknown {
    return body;
  }

  @Post(':id/commit')
  commit(@Param('id') id: string): string {
    return id;
  }

  @Post(':id/rename')
  rename(@Param('id') id: string, @Body('name') name: string): string {
    return `${id} ${name}`;
  }
}

describe('handlerTakesBody: whether a route reads its body', () => {
  it('is true for a handler with a @Body() parameter, whole or one field of it', () => {
    expect(handlerTakesBody(ThingsController, 'create')).toBe(true);
    expect(handlerTakesBody(ThingsController, 'rename')).toBe(true);
  });

  it('is false for a handler that reads only its path', () => {
    expect(handlerTakesBody(ThingsController, 'commit')).toBe(false);
  });
});
