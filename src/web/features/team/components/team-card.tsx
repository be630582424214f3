import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import type { TeamMember } from '../team-members';
import { TeamAvatar } from './team-avatar';
import './team.css';

/** One person on /team-list; the name links to their page (PAGE-11). */
export function TeamCard({ member }: { member: TeamMember }) {
  return (
    <article className="team-card">
      <TeamAvatar traits={member.avatar} size={112} />
      <h2 className="team-card-name">
        <Link to={paths.teamSingle.getHref(member.id)} className="team-card-link">
          {member.name}
        </Link>
      </h2>
      <p className="team-card-title">{member.title}</p>
      <p className="team-card-office muted">{member.office}</p>
      <span className="team-card-more" aria-hidden="true">
        View profile →
      </span>
    </article>
  );
}
