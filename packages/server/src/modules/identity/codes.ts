import type { CodeAttempt } from '../messages';

/** What this module needs of the verification codes (the messages service provides it). */
export interface CodeConsumer {
  /** Uses the code up; errCode 2 saying what is wrong when it is not right. */
  consumeCode(attempt: CodeAttempt): Promise<void>;
}
