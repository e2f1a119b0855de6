/** The company's representatives (issue 54): being built. */
export function RepresentativesSection(_props: { canManage: boolean; deleteMode: 'delete' | 'force' | null }) {
  return null;
}
