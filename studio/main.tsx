import "./style-nonce";
import { Keystatic } from "@keystatic/core/ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { studioConfigFor } from "../keystatic.config";
import { PublishStatus } from "./publish-status";
import { sendingSeenVersions } from "./seen-versions";
import { studioSettingsElementId, type StudioPageSettings } from "./settings";
import { withStorage } from "./storage";
import "./studio.css";

// Each save says which version of its files the editor was shown (decision 0159).
window.fetch = sendingSeenVersions(window.fetch.bind(window), location.href);

const settings = JSON.parse(document.getElementById(studioSettingsElementId)?.textContent ?? "{}") as Partial<StudioPageSettings>;
// Each translated language's types, as the server has them (decision 0165).
const studioConfig = withStorage(studioConfigFor(settings.translations ?? []), settings.storage ?? { kind: "local" });
const appSlug = settings.appSlug ? { envName: "KEYSTATIC_GITHUB_APP_SLUG", value: settings.appSlug } : undefined;

createRoot(document.getElementById("studio")!).render(
  <StrictMode>
    <Keystatic config={studioConfig} appSlug={appSlug} />
    {settings.statusUrl ? <PublishStatus statusUrl={settings.statusUrl} /> : null}
  </StrictMode>,
);
