// Policies (DOMAIN §2.12, §4): texts compiled by the domain's compiler, stored once per normalised
// text and subject type, read with their compiled form and, on request, their translation in the
// caller's language. Subjects (resources now, exhibits later) bind them by id.
import {
  builderToText,
  compilePolicy,
  ErrCode,
  formatPolicyDiagnostic,
  lookupPolicyText,
  normalizePolicyText,
  POLICY_TEMPLATES,
  SubjectType,
  translatePolicy,
  translatePolicyInfo,
  type CompiledPolicy,
  type Language,
  type PolicyDiagnostic,
  type PolicySubjectType,
  type PolicyTexts,
} from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError, badParam, BadParamsError, type FieldIssue } from '../../platform/errors';
import type { PolicyRepo, PolicyRow } from './repo';
import type {
  CreatePoliciesBody,
  PolicyDetailQuery,
  PolicyListQuery,
  PolicyPageQuery,
  PolicyView,
  PolicyWire,
  TemplateWire,
  TransferBody,
  TranslateBody,
} from '@tessera/contract/policies';
import { isTruthyFlag, projected, projectionFields } from '../../platform/projection';

/** Where the sentences of messages and translations come from (the server's editable texts). */
export type PolicyTextSource = { texts(): PolicyTexts };

/** One text to compile; `field` names it in errors, `label` (a policy name) in the message. */
export type PolicyTextInput = { text: string; field: string; label?: string };

export type CompiledPolicyRecord = {
  policyId: string;
  /** Normalised (DOMAIN §1.1). */
  policyText: string;
  subjectType: PolicySubjectType;
  policy: CompiledPolicy;
  isFree: boolean;
  warnings: PolicyDiagnostic[];
};

/** One compile error as answered with errCode 4: DOMAIN §4.6's fields plus the field it came from. */
export type PolicyCompileError = {
  field: string;
  index: number;
  line: number;
  column: number;
  code: string;
  message: string;
};

export type PolicyReadOptions = { isTranslate: boolean; language: Language };

/**
 * What subjects that bind policies (resources now; exhibits, contracts and test nodes next) ask of the
 * policies module: compile texts (errCode 4 with positions), store what is new, read policies by id.
 */
export interface PolicyCatalog {
  compileAll(
    inputs: readonly PolicyTextInput[],
    subjectType: PolicySubjectType,
    language: Language,
  ): CompiledPolicyRecord[];
  store(compiled: readonly CompiledPolicyRecord[], userId: number): Promise<void>;
  /** The wire form of each stored policy among `policyIds`, by id (unknown ids are left out). */
  wiresOf(policyIds: readonly string[], options: PolicyReadOptions): Promise<Map<string, PolicyWire>>;
}

export const MAX_POLICY_IDS_PER_CALL = 200;
const POLICY_ID = /^[0-9a-f]{32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const POLICY_FIELDS: readonly (keyof PolicyWire)[] = [
  'policyId',
  'policyText',
  'subjectType',
  'fsmDeclarationInfo',
  'fsmDescriptionInfo',
  'isFree',
  'status',
  'userId',
  'createDate',
  'translateInfo',
];

/** Subject type 3 (user groups) is reserved and refused (DOMAIN §2.12). */
export function policySubjectType(value: number, field = 'subjectType'): PolicySubjectType {
  if (value === SubjectType.Resource || value === SubjectType.Exhibit) return value;
  throw badParam(field, 'enum', 'errors.param.enum', { allowedValues: '1, 2' });
}

/** Policy texts travel percent-encoded and are decoded once (API.md §1.10); text that does not decode is errCode 4. */
export function decodePolicyText(raw: string, field: string, issues: FieldIssue[]): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    issues.push({ field, code: 'encoding', messageKey: 'resources.param.policyTextEncoding' });
    return undefined;
  }
}

function policyIdList(csv: string): string[] {
  const ids = [
    ...new Set(
      csv
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length > MAX_POLICY_IDS_PER_CALL)
    throw badParam('policyIds', 'maxItems', 'errors.param.maxItems', { limit: MAX_POLICY_IDS_PER_CALL });
  if (!ids.every((id) => POLICY_ID.test(id))) throw badParam('policyIds', 'pattern', 'resources.param.policyIds');
  return ids;
}

/** Base64 (standard or URL-safe) of UTF-8 text; errCode 4 otherwise. */
function decodeBase64Text(contract: string): string {
  const compact = contract.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw badParam('contract', 'base64', 'resources.param.contractBase64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
  } catch {
    throw badParam('contract', 'base64', 'resources.param.contractBase64');
  }
}

export class PolicyService implements PolicyCatalog {
  readonly #repo: PolicyRepo;
  readonly #clock: Clock;
  readonly #config: Config;
  readonly #texts: PolicyTextSource;

  constructor({
    repo,
    clock,
    config,
    texts,
  }: {
    repo: PolicyRepo;
    clock: Clock;
    config: Config;
    texts: PolicyTextSource;
  }) {
    this.#repo = repo;
    this.#clock = clock;
    this.#config = config;
    this.#texts = texts;
  }

  /** Compiles every text; any error ends in one errCode 4 answer listing all of them with their positions. */
  compileAll(
    inputs: readonly PolicyTextInput[],
    subjectType: PolicySubjectType,
    language: Language,
  ): CompiledPolicyRecord[] {
    const options = { subjectType, now: this.#clock.now(), utcOffsetMinutes: this.#config.utcOffsetMinutes };
    const texts = this.#texts.texts();
    const errors: PolicyCompileError[] = [];
    let first: { label: string | undefined; message: string } | undefined;
    const compiled: CompiledPolicyRecord[] = [];
    inputs.forEach((input, index) => {
      const result = compilePolicy(input.text, options);
      if (!result.ok) {
        for (const item of result.errors) {
          const message = formatPolicyDiagnostic(item, language, texts);
          errors.push({ field: input.field, index, line: item.line, column: item.column, code: item.code, message });
          first ??= { label: input.label, message };
        }
        return;
      }
      compiled.push({
        policyId: result.policyId,
        policyText: normalizePolicyText(input.text),
        subjectType,
        policy: result.policy,
        isFree: result.isFree,
        warnings: result.warnings,
      });
    });
    if (first) {
      const key = first.label === undefined ? 'resources.policyTextCompileFailed' : 'resources.policyCompileFailed';
      throw new AppError(ErrCode.BadParams, key, errors, { name: first.label ?? '', message: first.message });
    }
    return compiled;
  }

  /** Stores the compiled policies that are new to the platform. */
  async store(compiled: readonly CompiledPolicyRecord[], userId: number): Promise<void> {
    const now = this.#clock.now().toISOString();
    await this.#repo.insertMissing(
      compiled.map((record) => ({
        policyId: record.policyId,
        policyText: record.policyText,
        subjectType: record.subjectType,
        fsmDeclarationInfo: JSON.stringify(record.policy.fsmDeclarationInfo),
        fsmDescriptionInfo: JSON.stringify(record.policy.fsmDescriptionInfo),
        isFree: record.isFree ? 1 : 0,
        userId,
        status: 1,
        createDate: now,
      })),
    );
  }

  async wiresOf(policyIds: readonly string[], options: PolicyReadOptions): Promise<Map<string, PolicyWire>> {
    const rows = await this.#repo.findMany(policyIds);
    return new Map([...rows].map(([policyId, row]) => [policyId, this.wire(row, options)]));
  }

  #compiledOf(row: PolicyRow): CompiledPolicy {
    return {
      fsmDeclarationInfo: JSON.parse(row.fsmDeclarationInfo) as CompiledPolicy['fsmDeclarationInfo'],
      fsmDescriptionInfo: JSON.parse(row.fsmDescriptionInfo) as CompiledPolicy['fsmDescriptionInfo'],
    };
  }

  wire(row: PolicyRow, { isTranslate, language }: PolicyReadOptions): PolicyWire {
    const compiled = this.#compiledOf(row);
    return {
      policyId: row.policyId,
      policyText: row.policyText,
      subjectType: row.subjectType,
      ...compiled,
      isFree: row.isFree,
      status: row.status,
      userId: row.userId,
      createDate: row.createDate,
      ...(isTranslate ? { translateInfo: translatePolicyInfo(compiled, language, this.#texts.texts()) } : {}),
    };
  }

  /** `GET /v2/policies`: the legacy page of every policy, newest first. */
  async page(query: PolicyPageQuery, language: Language) {
    const subjectType = query.subjectType === undefined ? undefined : policySubjectType(query.subjectType);
    const { totalItem, rows } = await this.#repo.page({
      subjectType,
      skip: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    const fields = projectionFields(query.projection, POLICY_FIELDS);
    const options = { isTranslate: isTruthyFlag(query.isTranslate), language };
    return {
      page: query.page,
      pageSize: query.pageSize,
      totalItem,
      dataList: rows.map((row) => projected(this.wire(row, options), fields)),
    };
  }

  /** Policies by id, in the order asked, leaving out ids that match nothing or not the filters. */
  async list(query: PolicyListQuery, language: Language): Promise<PolicyView[]> {
    const ids = policyIdList(query.policyIds);
    const rows = await this.#repo.findMany(ids);
    const fields = projectionFields(query.projection, POLICY_FIELDS);
    const options = { isTranslate: isTruthyFlag(query.isTranslate), language };
    return ids
      .map((id) => rows.get(id))
      .filter((row): row is PolicyRow => row !== undefined)
      .filter(
        (row) =>
          (query.subjectType === undefined || row.subjectType === query.subjectType) &&
          (query.userId === undefined || row.userId === query.userId),
      )
      .map((row) => projected(this.wire(row, options), fields));
  }

  async detail(policyId: string, query: PolicyDetailQuery, language: Language): Promise<PolicyView> {
    if (!POLICY_ID.test(policyId)) throw badParam('policyId', 'pattern', 'resources.param.policyIds');
    const row = (await this.#repo.findMany([policyId])).get(policyId);
    if (!row) throw new AppError(ErrCode.Business, 'resources.policyNotFound');
    return projected(
      this.wire(row, { isTranslate: isTruthyFlag(query.isTranslate), language }),
      projectionFields(query.projection, POLICY_FIELDS),
    );
  }

  /** `POST /v2/policies`: finds or creates each policy, answering in request order with its warnings. */
  async createMany(userId: number, body: CreatePoliciesBody, language: Language): Promise<PolicyWire[]> {
    const subjectType = policySubjectType(body.subjectType);
    const issues: FieldIssue[] = [];
    const inputs = body.policyTexts.map((raw, index) => {
      const field = `policyTexts.${index}`;
      return { text: decodePolicyText(raw, field, issues) ?? '', field, label: `#${index + 1}` };
    });
    if (issues.length > 0) throw new BadParamsError(issues);
    const compiled = this.compileAll(inputs, subjectType, language);
    await this.store(compiled, userId);
    const rows = await this.#repo.findMany(compiled.map((record) => record.policyId));
    const texts = this.#texts.texts();
    return compiled.map((record) => ({
      ...this.wire(rows.get(record.policyId) as PolicyRow, { isTranslate: false, language }),
      compileWarnings: record.warnings.map((item) => ({
        line: item.line,
        column: item.column,
        code: item.code,
        message: formatPolicyDiagnostic(item, language, texts),
      })),
    }));
  }

  #compileContract(contract: string, subjectType: number | undefined, language: Language): CompiledPolicyRecord {
    const text = decodeBase64Text(contract);
    const [record] = this.compileAll(
      [{ text, field: 'contract' }],
      policySubjectType(subjectType ?? SubjectType.Resource),
      language,
    );
    return record as CompiledPolicyRecord;
  }

  /** `POST /v2/translate/translate`: the plain-language text of a (Base64) policy text. */
  translate(body: TranslateBody, language: Language): string {
    const record = this.#compileContract(body.contract, body.subjectType, language);
    return translatePolicy(record.policy, language, this.#texts.texts());
  }

  /** `POST /v2/translate/transfer`: the same text, structured: each state and each event translated. */
  transfer(body: TransferBody, language: Language) {
    const record = this.#compileContract(body.contract, body.subjectType, language);
    return {
      policyText: record.policyText,
      fsmDescriptionInfo: record.policy.fsmDescriptionInfo,
      translateInfo: translatePolicyInfo(record.policy, language, this.#texts.texts()),
    };
  }

  /** The policy templates of the editor (DOMAIN §2.12 "policy template"). */
  templates(): TemplateWire[] {
    const texts = this.#texts.texts();
    return POLICY_TEMPLATES.map((template, index) => {
      const policyText = builderToText(template.model);
      return {
        _id: template.id,
        templateId: template.id,
        title: lookupPolicyText(texts, 'zh_CN', template.titleKey),
        titleEn: lookupPolicyText(texts, 'en_US', template.titleKey),
        template: policyText,
        policyText,
        subjectType: SubjectType.Resource,
        sortNo: index + 1,
        status: 1,
      };
    });
  }
}
