/**
 * The warning a watching client gets when the server no longer kept every event it was not sent
 * (it read slower than they came; src/server/session-feed.ts). What still waits for the person
 * follows it at once, then the kept events: so a client drops what it showed as waiting and lets
 * those re-open what still waits (src/ui/store/apply-event.ts).
 */
export const EVENTS_NOT_SENT_WARNING = "EVENTS_NOT_SENT";
