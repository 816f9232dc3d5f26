// Sends a file to POST /v0/documents as the request body (never as a form) and sorts the answer:
// one document's result, a zip archive's results (422 included: the good entries are stored),
// or the problem the API answered with.
import { ApiError, api, type paths } from '../../api/client';
import { uploadMediaType } from './logic';

type Answers = paths['/v0/documents']['post']['responses'];
type Body = Answers[200]['content']['application/json'];
export type SingleResult = Exclude<Body, { results: unknown }>;
export type EntryResult = Answers[422]['content']['application/json']['results'][number];

export type UploadOutcome =
  | { kind: 'document'; status: number; result: SingleResult }
  | { kind: 'archive'; status: number; results: EntryResult[] }
  | { kind: 'problem'; error: ApiError };

interface Problem {
  code?: string;
  detail?: string;
  title?: string;
}

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
    return { kind: 'problem', error: new ApiError(0, undefined, `the upload did not complete (${String(err)})`) };
  }
  const { data, error, response } = answer;
  const body: unknown = data ?? error;
  if ((response.ok || response.status === 422) && typeof body === 'object' && body !== null) {
    if ('results' in body)
      return { kind: 'archive', status: response.status, results: (body as { results: EntryResult[] }).results };
    if (response.ok) return { kind: 'document', status: response.status, result: body as SingleResult };
  }
  const problem = (error ?? {}) as Problem;
  return {
    kind: 'problem',
    error: new ApiError(response.status, problem.code, problem.detail ?? problem.title ?? response.statusText),
  };
}
