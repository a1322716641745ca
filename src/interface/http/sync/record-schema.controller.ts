import { readFileSync } from 'node:fs';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { schemaPath } from '../../../infrastructure/directory-data/ajv-record-schema';
import { Public } from '../auth/auth.decorators';
import { ApiErrors } from '../errors/error.dto';

/** Where the record schema is served (the bulk files' and the change feed's records). */
export const RECORD_SCHEMA_PATH = 'schemas/directory-record.schema.json';

/**
 * The JSON Schema of one record of the bulk files, the change feed's upserts and `data import`
 * (issue 51, item 6: the bulk files' records documented where a client can fetch them), served as
 * the file in the repository, read once. Public, like the OpenAPI document.
 */
@ApiTags('sync')
@Public()
@ApiErrors(400)
@Controller()
export class RecordSchemaController {
  private readonly schema = JSON.parse(readFileSync(schemaPath(), 'utf8')) as object;

  @Get(RECORD_SCHEMA_PATH)
  @Header('Content-Type', 'application/schema+json')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    operationId: 'getRecordSchema',
    summary: 'The JSON Schema of a bulk file line and of a change feed upsert',
    description:
      'One record of the interchange format (JSON Schema draft-07, a `oneOf` by `type`: clinic, doctor, offering, review, specialty, language): each line of a bulk file (`GET /bulk/{version}/{file}`), each `record` of a change feed upsert, and each line `data import` takes. Public.\n\n' +
      "```sh\ncurl 'http://localhost:3000/api/v1/schemas/directory-record.schema.json'\n```",
  })
  @ApiProduces('application/schema+json')
  @ApiOkResponse({
    description: 'The schema (schemas/directory-record.schema.json)',
    schema: { type: 'object', example: { $schema: 'http://json-schema.org/draft-07/schema#' } },
  })
  recordSchema(): object {
    return this.schema;
  }
}
