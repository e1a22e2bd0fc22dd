import { describe, expect, it } from "vitest";
import { isSampleCertificateNumber } from "./products";

// Decision 0150: a certificate number is a placeholder when it says SAMPLE or has no digit but 0.
describe("a sample certificate number", () => {
  it("is one with the word sample in it, in any case, or with no digit but 0", () => {
    for (const number of ["CU 000000 (SAMPLE)", "00.SAMPLE.00000", "SAMPLE-WRAP-0000", "cu 123 sample", "000000", "TBD", "N/A"]) {
      expect(isSampleCertificateNumber(number), number).toBe(true);
    }
  });

  it("is not a real-looking one, as on a certificate", () => {
    for (const number of ["CU 900001", "21.FIX.00042", "FIX-WRAP-7", "CU 1234567", "21.HBD.12345"]) {
      expect(isSampleCertificateNumber(number), number).toBe(false);
    }
  });
});
