import type { ReactNode } from 'react';
import { policyHighlights, TOKEN_STYLES } from './policy-tokens';
import styles from './code.module.css';

/** Coloured pieces of `text`, in order, plain text between them. */
function colouredPieces(text: string): ReactNode[] {
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const { from, to, kind } of policyHighlights(text)) {
    if (from > at) pieces.push(text.slice(at, from));
    pieces.push(
      <span key={from} data-kind={kind} style={TOKEN_STYLES[kind]}>
        {text.slice(from, to)}
      </span>,
    );
    at = to;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

/**
 * A policy's code shown as text, coloured and with line numbers, without loading the code editor: what a
 * reader of a stored, valid policy needs (issue 15: the details page stays light).
 */
export function PolicyCodeView({ value, label }: { value: string; label?: string }) {
  const lineCount = value.split(/\r\n|\r|\n/).length;
  return (
    <div className={styles.view} data-testid="policy-code-view">
      <div className={styles.viewGutter} aria-hidden="true">
        {Array.from({ length: lineCount }, (_, index) => (
          <div key={index}>{index + 1}</div>
        ))}
      </div>
      {/* Scrolls sideways for long lines, so it must be reachable by keyboard. */}
      <pre className={styles.viewCode} aria-label={label} tabIndex={0}>
        <code>{colouredPieces(value)}</code>
      </pre>
    </div>
  );
}
