import { describe, expect, it } from "vitest";
import { cleanFileName } from "../domain/attachment";
import { keepHead, SNIFF_BYTES, sniffContentType, specificContentType } from "./content-type";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("sniffContentType", () => {
  it("sniffContentType - knows the signatures of PNG, JPEG, GIF, PDF and ZIP", () => {
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe("image/jpeg");
    expect(sniffContentType(Buffer.from("GIF87a"))).toBe("image/gif");
    expect(sniffContentType(Buffer.from("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffContentType(bytes(0x50, 0x4b, 0x03, 0x04))).toBe("application/zip");
  });

  it("sniffContentType - UTF-8 text is text/plain, even cut inside a character; control bytes and bad UTF-8 are octet-stream", () => {
    expect(sniffContentType(Buffer.from("line one\r\n\tline two"))).toBe("text/plain");
    expect(sniffContentType(Buffer.from("café").subarray(0, 4))).toBe("text/plain");
    expect(sniffContentType(bytes(0x68, 0x00, 0x69))).toBe("application/octet-stream");
    expect(sniffContentType(bytes(0xc3, 0x28))).toBe("application/octet-stream");
    expect(sniffContentType(bytes())).toBe("application/octet-stream");
    expect(sniffContentType(bytes(0x89, 0x50))).toBe("application/octet-stream");
  });
});

describe("specificContentType", () => {
  it("specificContentType - the lower-case essence of a specific type; null for generic, missing or malformed ones", () => {
    expect(specificContentType("Image/PNG; charset=binary")).toBe("image/png");
    expect(specificContentType("application/vnd.ms-excel")).toBe("application/vnd.ms-excel");
    for (const generic of [undefined, "", "application/binary", "application/octet-stream", "application/x-www-form-urlencoded", "text", "a/b/c", "text/html\u0000"]) {
      expect(specificContentType(generic), String(generic)).toBeNull();
    }
  });
});

describe("keepHead", () => {
  it("keepHead - passes every chunk through and keeps the first bytes across chunks", async () => {
    async function* source() {
      yield Buffer.alloc(300, 1);
      yield Buffer.alloc(300, 2);
      yield Buffer.alloc(10, 3);
    }
    const kept = keepHead(source());
    let total = 0;
    for await (const chunk of kept.stream) total += chunk.length;
    expect(total).toBe(610);
    const head = kept.head();
    expect(head.length).toBe(SNIFF_BYTES);
    expect(head[299]).toBe(1);
    expect(head[300]).toBe(2);
  });
});

describe("cleanFileName", () => {
  it("cleanFileName - drops directories of either slash and control characters", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\temp\\a b.txt")).toBe("a b.txt");
    expect(cleanFileName("bad\u0000name\n.pdf")).toBe("badname.pdf");
    expect(cleanFileName("dir/")).toBe("");
  });
});
