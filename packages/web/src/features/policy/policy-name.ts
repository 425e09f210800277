// Policy names of a resource or exhibit (DOMAIN §2.12): 2–20 characters, unique within the subject
// whatever the letter case.
export const POLICY_NAME_MIN_LENGTH = 2;
export const POLICY_NAME_MAX_LENGTH = 20;

/** The translation key of what is wrong with `name`, or null when it can be used. */
export function policyNameProblem(name: string, takenNames: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'policyEditor.dialog.nameRequired';
  const length = Array.from(trimmed).length;
  if (length < POLICY_NAME_MIN_LENGTH || length > POLICY_NAME_MAX_LENGTH) return 'policyEditor.dialog.nameLength';
  const folded = trimmed.toLowerCase();
  if (takenNames.some((taken) => taken.trim().toLowerCase() === folded)) return 'policyEditor.dialog.nameTaken';
  return null;
}
