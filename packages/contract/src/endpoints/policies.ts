// The policy and translate calls (API.md §3.16, §5.2). Reads leave out `projection`: without it the
// server answers whole policies (PolicyWire).
import type { Static } from '@sinclair/typebox';
import type {
  CreatePoliciesBody,
  PolicyDetailQuery,
  PolicyIdParams,
  PolicyListQuery,
  PolicyPageQuery,
  PolicyWire,
  TemplateListBody,
  TemplateWire,
  TransferBody,
  TransferWire,
  TranslateBody,
} from '../policies';
import { endpoint } from '../endpoint';

type Whole<Query> = Omit<Query, 'projection'>;

/** The legacy paging of GET /v2/policies. */
export type PolicyLegacyPage = { page: number; pageSize: number; totalItem: number; dataList: PolicyWire[] };

export const policyEndpoints = {
  page: endpoint<{ query: Whole<PolicyPageQuery>; answer: PolicyLegacyPage }>('GET', '/policies'),
  /** By id (≤ 200), in the order given; isTranslate=1 adds translateInfo. */
  list: endpoint<{ query: Whole<PolicyListQuery>; answer: PolicyWire[] }>('GET', '/policies/list'),
  detail: endpoint<{ params: PolicyIdParams; query: Whole<PolicyDetailQuery>; answer: PolicyWire }>(
    'GET',
    '/policies/:policyId',
  ),
  /** Find or create policies (texts percent-encoded), in request order, with their compile warnings. */
  create: endpoint<{ body: CreatePoliciesBody; answer: PolicyWire[] }>('POST', '/policies'),
  /** A text (UTF-8, Base64) in plain words of the caller's language; not compiling: errCode 4. */
  translate: endpoint<{ body: TranslateBody; answer: string }>('POST', '/translate/translate'),
  transfer: endpoint<{ body: TransferBody; answer: Static<typeof TransferWire> }>('POST', '/translate/transfer'),
  templates: endpoint<{ answer: TemplateWire[] }>('GET', '/translate/translate-config/list4Client'),
  /** The same templates, asked the reference client's way. */
  templatesByPost: endpoint<{ body: Static<typeof TemplateListBody>; answer: TemplateWire[] }>(
    'POST',
    '/translate/translate-config/list4Client',
  ),
};
