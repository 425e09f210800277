// A story-like page for the policy editor tests: the editor, through the lazy entry other features
// use, inside the app's real providers, with its text held by the page and shown so that tests can
// read what the editor emitted.
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import type { Language, PolicySubjectType } from '@tessera/domain';
import { createTestServices, renderInProviders } from '../../testing/render-app';
import type { TestServer } from '../../testing/test-server';
import { LazyPolicyEditor, LazyPolicyEditorDialog, type PolicyEditorDialogProps, type PolicyEditorMode } from './index';

type StoryProps = {
  initialText?: string;
  subjectType?: PolicySubjectType;
  readOnly?: boolean;
  defaultMode?: PolicyEditorMode;
};

function PolicyEditorStory({ initialText = '', ...props }: StoryProps) {
  const [text, setText] = useState(initialText);
  return (
    <main>
      <LazyPolicyEditor value={text} onChange={setText} {...props} />
      <pre data-testid="story-text">{text}</pre>
      <button type="button" onClick={() => setText('')}>
        story: clear
      </button>
    </main>
  );
}

/** Renders the story once the translation texts (served by `server`) are ready. */
export async function renderEditorStory(
  server: TestServer,
  props: StoryProps = {},
  options: { language?: Language } = {},
) {
  const services = createTestServices(server, options);
  // Without antd's styles, which make each role query in jsdom slow (see renderInProviders).
  const view = renderInProviders(<PolicyEditorStory {...props} />, services, { antdStyles: false });
  await screen.findByTestId(props.readOnly ? 'policy-read-only' : 'policy-editor', {}, { timeout: 10_000 });
  return { ...view, services };
}

export async function renderDialogStory(
  server: TestServer,
  props: PolicyEditorDialogProps,
  options: { language?: Language } = {},
) {
  const services = createTestServices(server, options);
  const view = renderInProviders(<LazyPolicyEditorDialog {...props} />, services, { antdStyles: false });
  await screen.findByTestId('policy-editor', {}, { timeout: 10_000 });
  return { ...view, services };
}

/** The text the story page holds: what the editor last emitted. */
export function storyText(): string {
  return screen.getByTestId('story-text').textContent ?? '';
}

/** The CodeMirror view on the page (jsdom cannot lay it out, but its state and dispatch work). */
export function codeView(): EditorView {
  const content = document.querySelector('.cm-content');
  const view = content && EditorView.findFromDOM(content as HTMLElement);
  if (!view) throw new Error('no code editor on the page');
  return view;
}

/** The CodeMirror view once its chunk has loaded (the code editor loads on first use). */
export function waitForCode(): Promise<EditorView> {
  return waitFor(codeView);
}

/** Waits until the code editor shows `text` (it mounts first and receives the text right after). */
export function waitForCodeText(text: string): Promise<EditorView> {
  return waitFor(() => {
    const view = codeView();
    expect(view.state.doc.toString()).toBe(text);
    return view;
  });
}

/** Types over the whole text, as a person replacing it would. */
export function replaceCode(text: string): void {
  const view = codeView();
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
}

/** antd draws its own radio buttons over the real inputs: a person clicks the label. */
export function labelOf(input: HTMLElement): HTMLElement {
  const label = input.closest('label');
  if (!label) throw new Error('the input has no label around it');
  return label;
}

/**
 * A user for these pages. Checking pointer-events makes jsdom compute the style of every ancestor on
 * each click, which antd's many style rules make slow; the editor has no pointer-events tricks of its
 * own to check.
 */
export function policyUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** antd puts a space between the two characters of a two-character Chinese button label. */
export function buttonName(label: string): RegExp {
  return new RegExp(`^${Array.from(label).join('\\s?')}$`);
}
