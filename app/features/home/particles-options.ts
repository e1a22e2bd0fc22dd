import type { ISourceOptions } from "@tsparticles/engine";
import { particles } from "~/lib/contracts/constants";

const white = "#ffffff";
/** Matches bg-brand-800, the static background shown before (or instead of) the particles. */
export const particlesBackground = "#0b3a7e";

/**
 * The particle background for tsParticles 4. The legacy "density area 800" means one
 * `value` of particles per 800 × 1000 px² (particles.js); tsParticles 4 takes that area as
 * width × height, hence 800 × 1000.
 */
export const particlesOptions: ISourceOptions = {
  fullScreen: { enable: false },
  background: { color: { value: particlesBackground } },
  fpsLimit: particles.fpsLimit,
  detectRetina: true,
  particles: {
    number: { value: particles.count, density: { enable: true, width: particles.densityArea, height: 1000 } },
    color: { value: white },
    links: { enable: true, color: white, distance: particles.linkDistance, opacity: particles.opacity, width: 1 },
    move: { enable: true, speed: particles.speed, outModes: { default: "out" } },
    opacity: { value: particles.opacity },
    size: { value: { min: particles.size.min, max: particles.size.max } },
    shape: { type: "circle" },
  },
  interactivity: {
    // The canvas lies under the section's text, so pointer positions come from the window.
    detectsOn: "window",
    events: {
      onHover: { enable: true, mode: "repulse" },
      onClick: { enable: true, mode: "push" },
    },
    modes: {
      repulse: { distance: particles.repulseDistance, duration: particles.repulseDuration },
      push: { quantity: particles.pushQuantity },
    },
  },
};
