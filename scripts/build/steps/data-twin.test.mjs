import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { dataTwin } from "./data-twin.mjs";

let build;
afterEach(() => build?.remove());

describe("data-twin step", () => {
  it("removes React Router's .data twin of /data.json and keeps the file and other twins", async () => {
    build = await tempBuild({ "data.json": "{}", "data.json.data": "[]", "gallery.data": "[]" });
    dataTwin.run(build);
    expect(build.files.list()).toEqual(["data.json", "gallery.data"]);
  });
});
