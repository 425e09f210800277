import { describe, expect, it } from 'vitest';
import { seedTexts as translationTexts } from './texts';

// Texts that are pieces of another sentence (a unit after a number, a purpose inside a mail, a label
// after a name): they keep the case they take in the middle of that sentence.
const FRAGMENTS = [
  // DOMAIN §1.7 fixes this msg word for word.
  'errors.xsrfInvalid',
  'contracts.record.effect.',
  'contractsPage.drawer.next.due',
  'contractsPage.owner',
  'creatorBatch.files.anyFormat',
  'creatorBatch.files.drop',
  'exhibitsWeb.sign.step.',
  'messages.purpose.',
  'nodesPage.creator.domainPlaceholder',
  'policy.translate.',
  'policyEditor.unit.',
  'policyGraph.event.',
  'policySimulator.wait.unit.',
  'storagePage.deleteObjects.more',
  'thirdParty.signIn.or',
  'walletPage.coins',
];

const isFragment = (key: string) => FRAGMENTS.some((prefix) => key === prefix || key.startsWith(prefix));

/** A text shown on its own starts like a sentence: a capital or something that has no case (digit, CJK, sign). */
const startsLikeSentence = (text: string): boolean => {
  const first = Array.from(text)[0] ?? '';
  return first === first.toUpperCase();
};

describe('English texts in sentence case', () => {
  it('every English text that stands alone (server messages among them) starts with a capital letter', () => {
    const lowerCase = Object.entries(translationTexts)
      .filter(([key, text]) => !isFragment(key) && !startsLikeSentence(text.en_US))
      .map(([key, text]) => `${key}: ${text.en_US}`);
    expect(lowerCase).toEqual([]);
  });

  it('the error texts the server answers are among them ("wrong login name or password" reads as a sentence)', () => {
    expect(translationTexts['errors.badParams']?.en_US).toBe('Parameter validation failed');
    expect(Object.keys(translationTexts).filter((key) => key.startsWith('errors.')).length).toBeGreaterThan(20);
  });

  it('every fragment prefix still names a text, so the list does not outlive its keys', () => {
    const keys = Object.keys(translationTexts);
    for (const prefix of FRAGMENTS) expect(keys.some((key) => key === prefix || key.startsWith(prefix))).toBe(true);
  });
});
