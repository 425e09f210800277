import type { PolicySubjectType } from '@tessera/domain';

export type PolicyEditorMode = 'visual' | 'code';

export type PolicyEditorProps = {
  /** The policy text (DOMAIN §4). */
  value: string;
  /** Every edit, in either mode, as the new policy text. */
  onChange?: (text: string) => void;
  /** 1 resource (default), 2 exhibit: decides which service states exist. */
  subjectType?: PolicySubjectType;
  /** Shows the plain-language translation with the code beside it, nothing editable. */
  readOnly?: boolean;
  /** Where editing starts; a text the visual builder cannot read always opens in code. Default visual. */
  defaultMode?: PolicyEditorMode;
  /** Accessible name of the editor (default: "Policy editor"). */
  label?: string;
  /** Prefix of the element ids inside (default: a generated one). */
  id?: string;
};
