/** The server protocol's name and version, apart from its zod schemas: a client sends it without loading zod. */
export const PROTOCOL = "hmux.server/1";
