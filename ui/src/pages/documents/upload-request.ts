// Sends a file to POST /v0/documents as the request body (never as a form) and sorts the answer:
// one document's result, a zip archive's results (422 included: the good entries are stored),
// or the problem the API answered with.
import { api, type paths } from '../../api/client';
import { ApiError, toApiError } from '../../api/errors';
import { uploadMediaType } from './logic';

type Answers = paths['/v0/documents']['post']['responses'];
type Body = Answers[200]['content']['application/json'];
export type SingleResult = Exclude<Body, { results: unknown }>;
export type EntryResult = Answers[422]['content']['application/json']['results'][number];

export type UploadOutcome =
  | { kind: 'document'; status: number; result: SingleResult }
  | { kind: 'archive'; status: number; results: EntryResult[] }
  | { kind: 'problem'; error: ApiError };

export async function uploadDocument(file: File): Promise<UploadOutcome> {
  let answer;
  try {
    answer = await api.POST('/v0/documents', {
      params: { query: { name: file.name } },
      // The route declares no request body schema (it streams the raw bytes): the file goes as is.
      body: file as never,
      bodySerializer: (body: unknown) => body,
      headers: { 'content-type': uploadMediaType(file.name, file.type) },
    });
  } catch (err) {
    // A refused upload may close the connection before the body is sent (413): no answer to read.
    const cause = toApiError(err).detail;
    return { kind: 'problem', error: new ApiError(0, undefined, `the upload did not complete (${cause})`) };
  }
  const { data, error, response } = answer;
  const body: unknown = data ?? error;
  if ((response.ok || response.status === 422) && typeof body === 'object' && body !== null) {
    if ('results' in body)
      return { kind: 'archive', status: response.status, results: (body as { results: EntryResult[] }).results };
    if (response.ok) return { kind: 'document', status: response.status, result: body as SingleResult };
  }
  return { kind: 'problem', error: toApiError(error, response) };
}
