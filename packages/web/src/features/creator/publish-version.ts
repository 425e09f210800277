import type { CreateVersionBody } from '@tessera/contract/versions';
import type { ApiClient } from '../../shared/api';
import type { Translate } from '../../shared/i18n';
import { dependenciesMakeNoCycle } from './creator-api';
import {
  versionDraftProblem,
  versionRequest,
  type Candidate,
  type UpcastRule,
  type VersionDraftData,
} from './version-draft';

/** A version that cannot be published yet: the message says why, in the user's language. */
export class VersionRefused extends Error {}

/** The local rules, then the server's cycle check: the request to send, or VersionRefused. */
export async function checkedVersionRequest(
  api: ApiClient,
  t: Translate,
  resourceId: string,
  draft: VersionDraftData,
  candidates: readonly Candidate[],
  rule: UpcastRule,
): Promise<CreateVersionBody> {
  const { fileSha1 } = draft;
  if (!fileSha1) throw new VersionRefused(t('creator.file.missing'));
  const problem = versionDraftProblem(draft, candidates, rule);
  if (problem) throw new VersionRefused(t(problem.key, problem.params));
  const request = versionRequest({ ...draft, fileSha1 }, candidates, rule);
  if (
    (request.dependencies ?? []).length > 0 &&
    !(await dependenciesMakeNoCycle(api, resourceId, request.dependencies ?? []))
  ) {
    throw new VersionRefused(t('creator.deps.cycle'));
  }
  return request;
}
