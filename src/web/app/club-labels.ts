// How the club switcher names each club: by its name, and where two clubs share a name, with
// where each is (or, when that is the same too, its address on Courtside), so that two
// "Riverside Pickleball" do not read as the same option twice.
type Club = { id: string; name: string; location: string | null; slug: string };

export function clubLabels(clubs: Club[]): Map<string, string> {
  const count = (key: (club: Club) => string) => {
    const counts = new Map<string, number>();
    for (const club of clubs) counts.set(key(club), (counts.get(key(club)) ?? 0) + 1);
    return (club: Club) => counts.get(key(club)) ?? 0;
  };
  const sameName = count((club) => club.name);
  const samePlace = count((club) => `${club.name}\n${club.location ?? ""}`);
  return new Map(
    clubs.map((club) => {
      if (sameName(club) < 2) return [club.id, club.name];
      const where = club.location && samePlace(club) < 2 ? club.location : `/club/${club.slug}`;
      return [club.id, `${club.name} · ${where}`];
    }),
  );
}
