/**
 * Every server op by the request kind it answers: the hub dispatches through this table and nothing
 * else (test/unit/server/op-table.test.ts holds that it covers the protocol's request union exactly).
 * An op is a file of its own here; adding one is a schema in src/protocol/ and an entry below.
 */
import type { RequestOp } from "../../protocol/requests.js";
import { attach } from "./attach.js";
import { audit } from "./audit.js";
import { create } from "./create.js";
import { createNative } from "./create-native.js";
import { decide } from "./decide.js";
import { detach } from "./detach.js";
import { harnesses } from "./harnesses.js";
import { inbox } from "./inbox.js";
import { input } from "./input.js";
import { kill } from "./kill.js";
import { killServer } from "./kill-server.js";
import { list } from "./list.js";
import type { Op } from "./op.js";
import { plan } from "./plan.js";
import { raceDiscard } from "./race-discard.js";
import { racePick } from "./race-pick.js";
import { raceScore } from "./race-score.js";
import { raceStart } from "./race-start.js";
import { rename } from "./rename.js";
import { resize } from "./resize.js";
import { resume } from "./resume.js";
import { write } from "./write.js";

export type OpTable = { readonly [K in RequestOp]: Op<K> };

export const OPS: OpTable = {
  list,
  create,
  "create-native": createNative,
  attach,
  detach,
  rename,
  kill,
  resume,
  input,
  inbox,
  decide,
  audit,
  "kill-server": killServer,
  write,
  resize,
  "race.start": raceStart,
  "race.score": raceScore,
  "race.pick": racePick,
  "race.discard": raceDiscard,
  plan,
  harnesses,
};
