// Component tests reach the rich-text field as a person's screen reader does: a text box by its name.
import { screen } from '@testing-library/react';

/** The editable part of the rich-text field named `name`, once its lazily loaded editor is there. */
export const findRichText = (name: string): Promise<HTMLElement> =>
  screen.findByRole('textbox', { name }, { timeout: 15_000 });

/** What a reader sees of the field named `name`. */
export const richTextOf = async (name: string): Promise<string> => (await findRichText(name)).textContent ?? '';
