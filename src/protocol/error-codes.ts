/**
 * Every way the hmux server says no, as a code a program can switch on: the server codes of the
 * one error vocabulary (src/core/error-codes.ts, where each is described), so a client reads the
 * same code the server raised.
 */
export { SERVER_CODES as SERVER_ERROR_CODES, type ServerCode as ServerErrorCode } from "../core/error-codes.js";
