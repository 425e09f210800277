// What a failed read or write says to the person: an ApiError's message (the server's msg, or the
// HTTP status described), any other error's own message.
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error ?? ''));
