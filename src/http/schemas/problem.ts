// The problem document every error answer carries (RFC 9457 plus GUAC's `Message`).
import { Type, type Static } from 'typebox';
import { ERROR_CODES } from '../../model/error-codes.js';
import { StringEnum } from './typebox.js';

export const ProblemSchema = Type.Object(
  {
    type: Type.String({
      pattern: '^urn:supplygraph:error:SG_[A-Z_]+$',
      description: '`urn:supplygraph:error:` followed by the code.',
    }),
    title: Type.String({ description: 'Short summary of the code; the same for every occurrence.' }),
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status of the response.' }),
    detail: Type.String({ description: 'What was wrong with this request, naming the parameter.' }),
    Message: Type.String({ description: "`detail` again, under GUAC's field name." }),
    code: StringEnum([...ERROR_CODES], { description: 'Stable error code.' }),
    requestId: Type.Optional(
      Type.String({
        description: 'The request id, also in `X-Request-Id`; it identifies the request in the server log.',
      }),
    ),
  },
  {
    $id: 'Problem',
    description:
      "RFC 9457 problem details, with GUAC's `Message` field (the same text as `detail`). The codes are listed in docs/errors.md.",
  },
);

export type Problem = Static<typeof ProblemSchema>;
