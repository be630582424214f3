import { useId, useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { sampleConversations } from '../sample-data';
import './messages.css';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

/**
 * Messages (PAGE-11): the static chat layout (contacts, conversation, Delete Conversation,
 * Send Message). A sample: choosing a contact shows their thread; nothing is sent or deleted,
 * and the page says so instead of pretending.
 */
export function MessagesView() {
  const id = useId();
  const [activeId, setActiveId] = useState(sampleConversations[0]!.id);
  const [notice, setNotice] = useState('');
  const active = sampleConversations.find((c) => c.id === activeId)!;

  const demoOnly = (event?: FormEvent) => {
    event?.preventDefault();
    setNotice('This is a sample conversation: nothing is sent or deleted.');
  };

  return (
    <div className="card messages">
      <nav className="messages-contacts" aria-label="Conversations">
        <ul>
          {sampleConversations.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                aria-current={c.id === activeId ? 'true' : undefined}
                onClick={() => {
                  setActiveId(c.id);
                  setNotice('');
                }}
              >
                <span className="messages-avatar" aria-hidden="true">
                  {initials(c.name)}
                </span>
                <span className="messages-contact-text">
                  <span className="messages-contact-name">{c.name}</span>
                  <span className="messages-contact-about">{c.about}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <section className="messages-thread" aria-labelledby={`${id}-with`}>
        <header className="messages-thread-head">
          <div>
            <h2 id={`${id}-with`}>{active.name}</h2>
            <p className="muted">About the {active.about}</p>
          </div>
          <button
            type="button"
            className="btn btn-danger-outline btn-sm"
            onClick={() => demoOnly()}
          >
            Delete Conversation
          </button>
        </header>
        <ol className="messages-list" aria-label={`Messages with ${active.name}`}>
          {active.messages.map((m, i) => (
            <li key={i} className={m.from === 'me' ? 'bubble mine' : 'bubble'}>
              <span className="visually-hidden">{m.from === 'me' ? 'You' : active.name}: </span>
              <p>{m.text}</p>
              <span className="bubble-time">{m.at}</span>
            </li>
          ))}
        </ol>
        <form className="messages-compose" onSubmit={demoOnly}>
          <label htmlFor={`${id}-text`} className="visually-hidden">
            Your message
          </label>
          <input
            id={`${id}-text`}
            className="input"
            name="message"
            required
            placeholder="Write a message…"
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary">
            Send Message
          </button>
        </form>
        <p role="status" className="messages-notice">
          {notice && (
            <>
              {notice} To reach our team, use the{' '}
              <Link to={paths.contact.getHref()}>contact page</Link>.
            </>
          )}
        </p>
      </section>
    </div>
  );
}
