import type { TeamMember } from "~/content/team";
import { StarRating } from "./star-rating";

/** `lang`: the member's role and quote's language where it is not the page's (decision 0170); the name is a name in every language. */
export type TeamCardProps = { member: TeamMember & { lang?: string | null } };

/** Photo, name, role, star rating and quote (when there is one) of one team member. */
export function TeamCard({ member }: TeamCardProps) {
  return (
    <article lang={member.lang ?? undefined} className="flex h-full flex-col items-center rounded-2xl border border-ink-200 bg-white p-6 text-center shadow-sm">
      <img src={member.image} alt="" width={96} height={96} loading="lazy" draggable={false} className="h-24 w-24 rounded-full bg-brand-50" />
      <h3 className="mt-4 text-lg font-bold text-ink-900">{member.name}</h3>
      <p className="text-sm font-medium text-ink-700">{member.role}</p>
      <div className="mt-2">
        <StarRating rating={member.rating} />
      </div>
      {member.text ? (
        <blockquote className="mt-4 text-ink-700">
          <p>“{member.text}”</p>
        </blockquote>
      ) : null}
    </article>
  );
}
