/**
 * The team pages' people (PAGE-11: placeholder data; id, name, title, image, email,
 * phone). Their portraits are drawn by TeamAvatar from these few traits, so the pages need no
 * photos from anywhere.
 */
export interface AvatarTraits {
  skin: string;
  hair: string;
  style: 'short' | 'afro' | 'bun' | 'wrap' | 'braids' | 'bald';
  shirt: string;
  background: string;
  beard?: boolean;
  glasses?: boolean;
}

export interface TeamMember {
  id: number;
  name: string;
  title: string;
  email: string;
  phone: { display: string; tel: string };
  office: string;
  bio: string;
  avatar: AvatarTraits;
}

export const TEAM: readonly TeamMember[] = [
  {
    id: 1,
    name: 'Abena Owusu-Ansah',
    title: 'General Manager',
    email: 'abena.owusu@carlinkghana.com',
    phone: { display: '+233 30 290 0101', tel: '+233302900101' },
    office: 'East Legon, Accra',
    bio: 'Abena started CarLink Ghana with three saloons and a phone. She still answers it when the team is busy, and reads every complaint herself.',
    avatar: {
      skin: '#7a4a2a',
      hair: '#1c1412',
      style: 'bun',
      shirt: '#0b5d3b',
      background: '#fff4cc',
    },
  },
  {
    id: 2,
    name: 'Kofi Mensah',
    title: 'Fleet Manager',
    email: 'kofi.mensah@carlinkghana.com',
    phone: { display: '+233 30 290 0102', tel: '+233302900102' },
    office: 'Spintex Road, Accra',
    bio: 'Kofi decides which cars join the fleet and when they retire, and knows the service history of every one of them by heart.',
    avatar: {
      skin: '#5c3a21',
      hair: '#151010',
      style: 'short',
      shirt: '#1f5fae',
      background: '#e3f2ea',
      beard: true,
    },
  },
  {
    id: 3,
    name: 'Akosua Boateng',
    title: 'Customer Care Lead',
    email: 'akosua.boateng@carlinkghana.com',
    phone: { display: '+233 30 290 0103', tel: '+233302900103' },
    office: 'East Legon, Accra',
    bio: 'Akosua and her team answer calls and WhatsApp messages every day from 7 am to 9 pm, in English, Twi and Ga.',
    avatar: {
      skin: '#8d5a35',
      hair: '#2a1a12',
      style: 'wrap',
      shirt: '#c8161d',
      background: '#fde8e7',
    },
  },
  {
    id: 4,
    name: 'Yaw Darko',
    title: 'Head Mechanic',
    email: 'yaw.darko@carlinkghana.com',
    phone: { display: '+233 30 290 0104', tel: '+233302900104' },
    office: 'Spintex Road, Accra',
    bio: 'Yaw checks every car between rentals: tyres, brakes, air-conditioning and the spare wheel, before it goes back on the road.',
    avatar: {
      skin: '#4e3020',
      hair: '#0f0c0a',
      style: 'bald',
      shirt: '#f5b800',
      background: '#e2e6ea',
      beard: true,
    },
  },
  {
    id: 5,
    name: 'Efua Quaye',
    title: 'Bookings and Payments',
    email: 'efua.quaye@carlinkghana.com',
    phone: { display: '+233 30 290 0105', tel: '+233302900105' },
    office: 'East Legon, Accra',
    bio: 'Efua confirms bookings, follows up mobile money payments and arranges refunds. If a payment looks stuck, she is the one to call.',
    avatar: {
      skin: '#6b4128',
      hair: '#1a1210',
      style: 'braids',
      shirt: '#6a3fa0',
      background: '#f2f9f5',
      glasses: true,
    },
  },
  {
    id: 6,
    name: 'Kwabena Asare',
    title: 'Kumasi Branch Lead',
    email: 'kwabena.asare@carlinkghana.com',
    phone: { display: '+233 32 290 0106', tel: '+233322900106' },
    office: 'Ahodwo, Kumasi',
    bio: 'Kwabena runs our pickup point in Kumasi and the cars for trips north to Tamale and beyond.',
    avatar: {
      skin: '#583621',
      hair: '#120e0c',
      style: 'afro',
      shirt: '#0f7a4c',
      background: '#fff1d6',
      glasses: true,
    },
  },
];

/** PAGE-11: an unknown id falls back to the first member. */
export function findTeamMember(id: string | undefined): TeamMember {
  return TEAM.find((m) => String(m.id) === id) ?? TEAM[0]!;
}
