/** Which harness session a resume continues: none when hmux knows no turn ran; else the one named. */
import { describe, expect, it } from "vitest";
import { harnessResumeOf } from "../../../src/core/launch/harness-resume.js";

describe("the harness session a resume continues", () => {
  it("is none for a session that ran no turn, even when the harness said its id", () => {
    expect(harnessResumeOf({ resume: "019a-pi-id", turnsBefore: 0 })).toBeUndefined();
  });
  it("is the harness's id once a turn ran", () => {
    expect(harnessResumeOf({ resume: "019a-pi-id", turnsBefore: 2 })).toBe("019a-pi-id");
  });
  it("is a bare harness id a user names, whose turns hmux does not know", () => {
    expect(harnessResumeOf({ resume: "thread-42" })).toBe("thread-42");
  });
});
