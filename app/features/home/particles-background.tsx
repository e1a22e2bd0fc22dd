import type { Engine } from "@tsparticles/engine";
import { Particles, ParticlesProvider } from "@tsparticles/react";
import { loadSlim } from "@tsparticles/slim";
import { particlesOptions } from "./particles-options";

// Loaded with React.lazy by GetInTouchSection, so tsParticles stays out of the first-load bundle.
const init = (engine: Engine) => loadSlim(engine);

export default function ParticlesBackground() {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10">
      <ParticlesProvider init={init}>
        <Particles id="get-in-touch-particles" options={particlesOptions} className="h-full w-full" />
      </ParticlesProvider>
    </div>
  );
}
