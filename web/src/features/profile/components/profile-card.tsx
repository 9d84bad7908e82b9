import type { Profile } from '../types';

/** What the user saved, as My Profile shows it. */
export function ProfileCard({ profile, name, email }: { profile: Profile; name: string; email: string }) {
  const rows: [string, string][] = [
    ['Education', profile.education],
    ['Location', profile.location],
    ['City', profile.city],
    ['Phone', profile.phone],
    ['LinkedIn', profile.linkedin],
  ];
  return (
    <section aria-labelledby="saved-profile-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <div className="flex items-center gap-4">
          {profile.img ? (
            <img src={profile.img} alt={`Photo of ${name}`} width={80} height={80} className="h-20 w-20 rounded-full object-cover" />
          ) : null}
          <div className="min-w-0">
            <h2 id="saved-profile-title" className="text-xl font-bold">
              {name}
            </h2>
            <p className="break-all text-sm text-base-content/75">{email}</p>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="saved-profile">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-base-content/75">{label}</dt>
              <dd className="min-w-0 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
