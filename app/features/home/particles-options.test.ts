import { describe, expect, it } from "vitest";
import { particlesOptions } from "./particles-options";

// The particle settings, written out here on purpose: a change to the constants must show up as a failing test.
describe("particle background options", () => {
  it("uses exactly the settings", () => {
    const o = particlesOptions as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading a deep options tree
    expect(o.particles.number.value).toBe(80);
    expect(o.particles.number.density.width * o.particles.number.density.height).toBe(800 * 1000);
    expect(o.particles.move.speed).toBe(6);
    expect(o.particles.size.value).toEqual({ min: 1, max: 5 });
    expect(o.particles.opacity.value).toBe(0.5);
    expect(o.particles.links).toMatchObject({ enable: true, distance: 150, color: "#ffffff" });
    expect(o.particles.color.value).toBe("#ffffff");
    expect(o.fpsLimit).toBe(120);
    expect(o.interactivity.events.onHover).toEqual({ enable: true, mode: "repulse" });
    expect(o.interactivity.events.onClick).toEqual({ enable: true, mode: "push" });
    expect(o.interactivity.modes.repulse).toEqual({ distance: 200, duration: 0.4 });
    expect(o.interactivity.modes.push).toEqual({ quantity: 4 });
    expect(o.fullScreen).toEqual({ enable: false });
  });
});
