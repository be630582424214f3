import { PhoneIcon, PinIcon } from '../../../components/icons';
import type { TeamMember } from '../team-members';
import { TeamAvatar } from './team-avatar';
import './team.css';

/** /team-single: the person, their title and how to reach them (PAGE-11). */
export function TeamProfile({ member }: { member: TeamMember }) {
  return (
    <section className="team-profile" aria-labelledby="team-profile-name">
      <div className="team-profile-portrait">
        <TeamAvatar traits={member.avatar} size={168} />
      </div>
      <div className="team-profile-body">
        <p className="team-profile-title">{member.title}</p>
        <h1 id="team-profile-name">{member.name}</h1>
        <p className="team-profile-bio">{member.bio}</p>
        <ul className="team-profile-contact" aria-label="Contact details">
          <li>
            <PhoneIcon size={16} />
            <a href={`tel:${member.phone.tel}`}>{member.phone.display}</a>
          </li>
          <li>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M3 6h18v12H3zM3 6l9 7 9-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <a href={`mailto:${member.email}`}>{member.email}</a>
          </li>
          <li>
            <PinIcon size={16} />
            {member.office}
          </li>
        </ul>
      </div>
    </section>
  );
}
