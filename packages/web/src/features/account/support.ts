/** Where frozen users write to (the operators' support mailbox). */
export const SUPPORT_EMAIL = 'support@tessera.example';
