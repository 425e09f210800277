// The seed of every translation text. Each area keeps its own file under texts/ so that
// areas grow independently; the server loads the merged map into its database at start
// and publishes it as /i18n/texts.json. Keys are dotted: `<area>.<name>`.
import common from './texts/common.json';
import errors from './texts/errors.json';
import activities from './texts/activities.json';
import home from './texts/home.json';
import guide from './texts/guide.json';
import exception from './texts/exception.json';
import validation from './texts/validation.json';
import messages from './texts/messages.json';
import accounts from './texts/accounts.json';
import account from './texts/account.json';
import avatars from './texts/avatars.json';
import thirdParty from './texts/thirdParty.json';
import files from './texts/files.json';
import storage from './texts/storage.json';
import storagePage from './texts/storagePage.json';
import policy from './texts/policy.json';
import resources from './texts/resources.json';
import policyEditor from './texts/policyEditor.json';
import resourcesPage from './texts/resourcesPage.json';
import versions from './texts/versions.json';
import creator from './texts/creator.json';
import creatorBatch from './texts/creatorBatch.json';
import resourceEditor from './texts/resourceEditor.json';
import contracts from './texts/contracts.json';
import auths from './texts/auths.json';
import policySimulator from './texts/policySimulator.json';
import contractsPage from './texts/contractsPage.json';
import policyGraph from './texts/policyGraph.json';
import wallet from './texts/wallet.json';
import walletPage from './texts/walletPage.json';
import exhibitAuths from './texts/exhibitAuths.json';
import nodesPage from './texts/nodesPage.json';
import nodes from './texts/nodes.json';
import nodeData from './texts/nodeData.json';
import nodesiteTheme from './texts/nodesiteTheme.json';
import exhibitsWeb from './texts/exhibitsWeb.json';
import exhibits from './texts/exhibits.json';
import nodesites from './texts/nodesites.json';
import exhibitAuthorize from './texts/exhibitAuthorize.json';

export type TranslationText = { zh_CN: string; en_US: string };
export type TranslationTexts = Record<string, TranslationText>;

const parts: TranslationTexts[] = [
  common,
  errors,
  validation,
  activities,
  home,
  guide,
  exception,
  messages,
  accounts,
  account,
  avatars,
  thirdParty,
  files,
  storage,
  storagePage,
  policy,
  resources,
  policyEditor,
  resourcesPage,
  versions,
  creator,
  creatorBatch,
  resourceEditor,
  contracts,
  auths,
  policySimulator,
  contractsPage,
  policyGraph,
  wallet,
  walletPage,
  nodesPage,
  nodes,
  nodeData,
  exhibitsWeb,
  exhibits,
  nodesiteTheme,
  nodesites,
  exhibitAuths,
  exhibitAuthorize,
];

function merge(sources: TranslationTexts[]): TranslationTexts {
  const merged: TranslationTexts = {};
  for (const source of sources) {
    for (const [key, text] of Object.entries(source)) {
      if (key in merged) throw new Error(`translation key defined twice: ${key}`);
      merged[key] = text;
    }
  }
  return merged;
}

export const seedTexts: TranslationTexts = merge(parts);
