// The node inputs of SPEC §5 and DOMAIN §2.16, §8: names, domains, the texts an owner edits, the logo.
import { isImageAddress, isPlainText, validate, type FieldIssue } from '@tessera/domain';
import { BadParamsError } from '../../platform/errors';

/** Checks each field's rule; every failing field is reported at once (errCode 4). */
export class NodeInputs {
  readonly issues: FieldIssue[] = [];

  nodeName(name: string): string {
    const failure = validate('nodeName', name);
    if (failure) this.issues.push({ field: 'nodeName', ...failure });
    return name;
  }

  nodeDomain(domain: string): string {
    const failure = validate('nodeDomain', domain);
    if (failure) this.issues.push({ field: 'nodeDomain', ...failure });
    return domain;
  }

  /** Trimmed plain text (lengths are the schema's). */
  text(field: string, value: string): string {
    const trimmed = value.trim();
    if (!isPlainText(trimmed)) this.issues.push({ field, code: 'pattern', messageKey: 'validation.plainText' });
    return trimmed;
  }

  logo(address: string): string {
    const trimmed = address.trim();
    if (trimmed !== '' && !isImageAddress(trimmed))
      this.issues.push({ field: 'nodeLogo', code: 'pattern', messageKey: 'nodes.param.logo' });
    return trimmed;
  }

  /** Throws errCode 4 naming every failing field. */
  check(): void {
    if (this.issues.length > 0) throw new BadParamsError(this.issues);
  }
}
