// Reading what a person would receive: the messages the embedded delivery keeps in the outbox.
import type { Services } from '../modules/manifest';
import type { OutboxMessageRow } from '../modules/messages';

const CODE_IN_TEXT = /(?<!\d)(\d{6})(?!\d)/;

/** The first 6-digit code in a message text, or null. */
export function codeIn(text: string): string | null {
  return CODE_IN_TEXT.exec(text)?.[1] ?? null;
}

export async function latestOutboxMessage(services: Services, address: string): Promise<OutboxMessageRow> {
  const message = await services.messages.latestOutboxMessage(address);
  if (!message) throw new Error(`the outbox holds no message for ${address}`);
  return message;
}

export async function latestOutboxCode(services: Services, address: string): Promise<string> {
  const message = await latestOutboxMessage(services, address);
  const code = codeIn(message.body);
  if (code === null) throw new Error(`the latest message for ${address} holds no code: ${message.body}`);
  return code;
}
