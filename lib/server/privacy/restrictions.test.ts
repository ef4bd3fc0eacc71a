import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

import { personKeys } from "./match-key";
import { withoutRestricted } from "./restrictions";

describe("a live answer without restricted guests", () => {
  const key = randomBytes(32);
  const ana = { firstName: "Ana", lastName: "Lima", dateOfBirth: "1990-04-01T00:00:00", identificationNumber: "D123" };
  const bo = { firstName: "Bo", lastName: "Berg", dateOfBirth: "1985-01-02T00:00:00", identificationNumber: "E456" };

  it("leaves out the guest a restriction names, by name and date of birth or by document number", () => {
    const byName = {
      requestId: 1,
      ...personKeys(key, { name: "ana lima", dateOfBirth: "1990-04-01" }),
      documentKey: null,
    };
    expect(withoutRestricted([ana, bo], [byName], key)).toEqual([bo]);
    const byNumber = { requestId: 2, ...personKeys(key, { documentNumber: "e-456" }) };
    expect(withoutRestricted([ana, bo], [byNumber], key)).toEqual([ana]);
    expect(withoutRestricted([ana, bo], [], key)).toEqual([ana, bo]);
  });
});
