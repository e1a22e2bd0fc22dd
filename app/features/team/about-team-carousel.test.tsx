import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { about } from "~/content/about";
import { team } from "~/content/team";
import { carousel } from "~/lib/contracts/constants";
import { AboutTeamCarousel } from "./about-team-carousel";
import { withWords } from "../../../test-support/messages";

/** The members as the about route's loader gives them on an English page (decision 0170). */
const members = team.map((m) => ({ ...m, lang: null }));

function currentMember() {
  const slide = screen.getAllByRole("group").find((s) => !s.hasAttribute("inert"))!;
  return { label: slide.getAttribute("aria-label"), name: within(slide).getByRole("heading").textContent };
}

function drag(distance: number) {
  const viewport = screen.getAllByRole("group")[0]!.parentElement!.parentElement!;
  fireEvent.pointerDown(viewport, { pointerType: "touch", clientX: 200, pointerId: 7 });
  fireEvent.pointerMove(viewport, { pointerType: "touch", clientX: 200 + distance, pointerId: 7 });
  fireEvent.pointerUp(viewport, { pointerType: "touch", clientX: 200 + distance, pointerId: 7 });
}

describe("AboutTeamCarousel", () => {
  it("shows every member with name, role, accessible rating and quote", () => {
    render(<AboutTeamCarousel id="team" team={members} heading={about.teamHeading} />, withWords);
    const region = screen.getByRole("region", { name: about.teamHeading });
    for (const member of team) {
      const card = within(region).getByRole("heading", { name: member.name }).closest("[aria-roledescription='slide']") as HTMLElement;
      expect(within(card).getByText(member.role, { exact: true })).toBeInTheDocument();
    }
    expect(within(region).getAllByRole("img", { name: "Rated 5 out of 5" }).length).toBe(team.filter((m) => m.rating === 5).length);
    expect(within(region).getAllByRole("img", { name: "Rated 4 out of 5" }).length).toBe(team.filter((m) => m.rating === 4).length);
    expect(within(region).getByText(`“${team[0]!.text}”`)).toBeInTheDocument();
  });

  it("never moves by itself and has no pause button", () => {
    render(<AboutTeamCarousel id="team" team={members} heading="Team Members" />, withWords);
    expect(screen.queryByRole("button", { name: /slide show/ })).toBeNull();
  });

  it("a touch drag beyond 100 px left shows the next member, right the previous, wrapping both ways", () => {
    render(<AboutTeamCarousel id="team" team={members} heading="Team Members" />, withWords);
    const t = carousel.aboutTeamDragThresholdPx;
    drag(-(t + 1));
    expect(currentMember()).toEqual({ label: `2 of ${team.length}`, name: team[1]!.name });
    drag(t + 1);
    drag(t + 1);
    expect(currentMember()).toEqual({ label: `${team.length} of ${team.length}`, name: team.at(-1)!.name });
    drag(-(t + 1));
    expect(currentMember().name).toBe(team[0]!.name);
    // Up to 100 px either way it springs back: the same member after each.
    drag(-t);
    expect(currentMember().name).toBe(team[0]!.name);
    drag(t);
    expect(currentMember().name).toBe(team[0]!.name);
  });

  it("its previous and next buttons move one member and wrap at both ends", () => {
    render(<AboutTeamCarousel id="team" team={members} heading="Team Members" />, withWords);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(currentMember().label).toBe(`${team.length} of ${team.length}`);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(currentMember()).toEqual({ label: `2 of ${team.length}`, name: team[1]!.name });
  });

  it("the arrow keys move it from the focused carousel", () => {
    render(<AboutTeamCarousel id="team" team={members} heading="Team Members" />, withWords);
    const region = screen.getByRole("region", { name: "Team Members" });
    expect(region).toHaveAttribute("tabindex", "0");
    fireEvent.keyDown(region, { key: "ArrowRight" });
    expect(currentMember().label).toBe(`2 of ${team.length}`);
    fireEvent.keyDown(region, { key: "ArrowLeft" });
    fireEvent.keyDown(region, { key: "ArrowLeft" });
    expect(currentMember().label).toBe(`${team.length} of ${team.length}`);
  });

  it("resets the drag offset on release", () => {
    render(<AboutTeamCarousel id="team" team={members} heading="Team Members" />, withWords);
    const track = screen.getAllByRole("group")[0]!.parentElement!;
    const viewport = track.parentElement!;
    fireEvent.pointerDown(viewport, { pointerType: "mouse", button: 0, clientX: 200, pointerId: 1 });
    fireEvent.pointerMove(viewport, { pointerType: "mouse", clientX: 140, pointerId: 1 });
    expect(track.style.transform).toContain("-60px");
    fireEvent.pointerUp(viewport, { pointerType: "mouse", clientX: 140, pointerId: 1 });
    expect(track.style.transform).toContain("+ 0px");
  });
});
