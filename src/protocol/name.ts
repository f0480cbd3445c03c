/** The server protocol's name and version, apart from its schemas: a client sends it in its login line. */
export const PROTOCOL = "hmux.server/1";
