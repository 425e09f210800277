// Who may preview a version's file (issue 16, ours): the resource's owner; anyone while the resource is
// online, unfrozen and binds an enabled free policy whose audiences admit them; a caller holding a
// contract on the resource that authorises it (the auths module's verdict). Only images, audio and
// video, and only stored types a browser shows safely (`@tessera/domain` media-preview).
import { ErrCode, isPreviewableType, previewKindOf, type PreviewKind } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { AuthService } from '../auths';
import type { PolicyCatalog } from '../policies';
import { isVisibleTo, StoredStatus, type ResourceQueries, type ResourceRow } from '../resources';
import type { VersionFile, VersionService } from '../versions';

export type PreviewServiceDeps = {
  versions: Pick<VersionService, 'fileOf'>;
  resources: Pick<ResourceQueries, 'bindingsOf'>;
  policies: Pick<PolicyCatalog, 'wiresOf'>;
  auths: Pick<AuthService, 'holdsAuthorizedContract'>;
};

const ENABLED = 1;
const notMedia = (): AppError => new AppError(ErrCode.Business, 'versions.preview.notMedia');

function kindOf(resource: ResourceRow): PreviewKind | null {
  const path: unknown = JSON.parse(resource.resourceType);
  return Array.isArray(path) ? previewKindOf(path.map(String)) : null;
}

export class PreviewService {
  readonly #deps: PreviewServiceDeps;

  constructor(deps: PreviewServiceDeps) {
    this.#deps = deps;
  }

  /**
   * The version's file for `callerId` (null: a visitor). A resource they may not see answers as a
   * missing version (errCode 2, `versions.notFound`); another type than image, audio or video, or a
   * stored type not served, errCode 2 `versions.preview.notMedia`; no right to it, errCode 3 `versions.preview.licenceNeeded`.
   */
  async preview(callerId: number | null, resourceId: string, version: string): Promise<VersionFile> {
    let kind: PreviewKind | null = null;
    const found = await this.#deps.versions.fileOf(resourceId, version, async (resource) => {
      if (!isVisibleTo(resource, callerId)) return false;
      kind = kindOf(resource);
      if (!kind) throw notMedia();
      if (!(await this.#mayPreview(callerId, resource)))
        throw new AppError(ErrCode.Forbidden, 'versions.preview.licenceNeeded');
      return true;
    });
    if (!kind || !isPreviewableType(kind, found.file.mime)) throw notMedia();
    return found;
  }

  async #mayPreview(callerId: number | null, resource: ResourceRow): Promise<boolean> {
    if (resource.userId === callerId) return true;
    if (resource.isFrozen) return false;
    if (resource.status === StoredStatus.Online && (await this.#freeFor(callerId, resource.resourceId))) return true;
    return callerId !== null && this.#deps.auths.holdsAuthorizedContract(callerId, resource.resourceId);
  }

  /** An enabled free policy open to everyone (or to every signed-in user, when the caller is one). */
  async #freeFor(callerId: number | null, resourceId: string): Promise<boolean> {
    const bindings = (await this.#deps.resources.bindingsOf([resourceId])).get(resourceId) ?? [];
    const enabled = bindings.filter((binding) => binding.status === ENABLED).map((binding) => binding.policyId);
    if (enabled.length === 0) return false;
    const wires = await this.#deps.policies.wiresOf(enabled, { isTranslate: false, language: 'zh_CN' });
    const open = callerId === null ? ['public'] : ['public', 'registeredUsers'];
    return [...wires.values()].some(
      (wire) => wire.isFree === 1 && wire.fsmDeclarationInfo.audiences.some((audience) => open.includes(audience.type)),
    );
  }
}
