import { initialsOf } from '../layout/initials.ts';

/**
 * A person's initials in a round badge beside their name (users table, a group's members). Hidden
 * from screen readers: the name beside it says the same.
 */
export function InitialsAvatar({
  person,
  className,
}: {
  person: { first_name: string; last_name: string };
  className?: string;
}) {
  return (
    <span className={className ? `initials-avatar ${className}` : 'initials-avatar'} aria-hidden="true">
      {initialsOf(person)}
    </span>
  );
}
