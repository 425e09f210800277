// The publishing pages share one chunk: a creator goes from one to the next.
export { ResourceCreatorPage } from './ResourceCreatorPage';
export { VersionCreatorPage } from './VersionCreatorPage';
export {
  CreatorEntryPage,
  ResourceCreateSuccessPage,
  VersionCreateSuccessPage,
  VersionReleasePage,
} from './ResultPages';
