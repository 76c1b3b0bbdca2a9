/**
 * A unique constraint's name → the field it concerns and the message a form shows, declared by
 * each table beside its constraints (db/schema/<table>.ts) and read by lib/db-errors.ts when a
 * write clashes. Declaring one registers it: a table's module is loaded before anything can
 * write to it, so every clash finds its message with no list of tables to keep.
 */
export type UniqueMessages = Record<string, { field: string; message: string }>;

const declared: UniqueMessages = {};

/** The table's unique constraints; returns them as given (the table module exports them). */
export function uniqueMessages(messages: UniqueMessages): UniqueMessages {
  for (const [constraint, said] of Object.entries(messages)) {
    const before = declared[constraint];
    if (before && (before.field !== said.field || before.message !== said.message)) {
      throw new Error(`Unique constraint ${constraint} is declared twice, differently`);
    }
    declared[constraint] = said;
  }
  return messages;
}

/** What a clash on this constraint says, if its table declared it. */
export const uniqueMessage = (constraint: string) => declared[constraint];
