// Public surface of the messages module (DOMAIN §2.4): verification codes sent by e-mail or SMS
// (SMTP or the outbox table). It asks the `addressBook` port who owns an address (identity answers).
import { durationMs } from '../../platform/clock';
import { LimitLocks } from '../../platform/limits/locks';
import { defineModule } from '../../platform/modules';
import type { Translator } from '../../platform/messages';
import { runOutboxCommand } from './cli';
import { verificationCodes } from './migrations/0002_verification_codes';
import { MessageRepo } from './repo';
import { registerMessageRoutes } from './routes';
import { createMessageService, type AddressBook } from './service';

export { normalizeAddress, type AuthCodeType, type Channel } from './codes';
export type { AddressBook, CodeAttempt, MessageService } from './service';
export type { OutboxMessageRow } from './repo';
export type { OutboxMessagesTable, VerificationCodesTable } from './tables';

declare module '../../platform/modules' {
  interface ModulePorts {
    /** Who owns an e-mail address or mobile number (the identity module). */
    addressBook: AddressBook;
  }
}

export const messagesModule = defineModule({
  name: 'messages',
  services: ({ db, clock, config, log, ports }, { i18n }: { i18n: Translator }) => {
    const addressBook = ports.list('addressBook');
    return {
      messages: createMessageService({
        db,
        clock,
        config,
        log,
        translator: i18n,
        locks: new LimitLocks(db, clock),
        addressBook: { addressOwner: (address) => addressBook.one().addressOwner(address) },
      }),
    };
  },
  routes: (app, { messages }) => registerMessageRoutes(app, messages),
  admin: {
    area: 'outbox',
    summary: 'the newest messages kept in the outbox, with their verification codes',
    run: (argv, _services, { print, context }) => runOutboxCommand(argv, { repo: new MessageRepo(context.db), print }),
  },
  jobs: ({ messages }) => [
    { name: 'messages:sweep', everyMs: durationMs({ hours: 1 }), run: (now) => messages.sweep(now) },
  ],
  migrations: { '0002_verification_codes': verificationCodes },
});
