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

  it("removes each language's twin too (/de/data.json.data, decision 0171)", async () => {
    build = await tempBuild({ "data.json": "{}", "de/data.json": "{}", "de/data.json.data": "[]", "de/gallery.data": "[]" });
    dataTwin.run(build);
    expect(build.files.list().sort()).toEqual(["data.json", "de/data.json", "de/gallery.data"]);
  });
});
