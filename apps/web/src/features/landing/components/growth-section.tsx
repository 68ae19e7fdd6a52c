import { BadgeDollarSign, RefreshCcw, Repeat, ShieldCheck } from 'lucide-react';

const POINTS = [
  {
    icon: BadgeDollarSign,
    title: 'Sell modernization as a service',
    text: 'Turn every dated client site into a paid rebuild. One credit covers one site.',
  },
  {
    icon: RefreshCcw,
    title: 'Failed runs refund themselves',
    text: 'If a modernization fails, its credit is returned to your balance automatically.',
  },
  {
    icon: Repeat,
    title: 'Credits roll over',
    text: "Subscription credits you don't use this month stay available next month.",
  },
];

/** The growth toolkit with the 14-day guarantee (spec §1, §2). */
export function GrowthSection() {
  return (
    <section aria-labelledby="growth-heading" className="bg-slate-900 py-20 text-white sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-center lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">
            Growth toolkit
          </p>
          <h2 id="growth-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Built for freelancers and agencies who bill by the hour
          </h2>
          <ul className="mt-8 space-y-6">
            {POINTS.map((point) => (
              <li key={point.title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 text-sky-300">
                  <point.icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold">{point.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-300">{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-gradient-to-br from-brand-600 to-sky-600 p-8 shadow-2xl sm:p-10">
          <ShieldCheck className="size-10 text-white" aria-hidden />
          <h3 className="mt-5 text-2xl font-bold">14-day money-back guarantee</h3>
          <p className="mt-3 leading-7 text-brand-50">
            If Sitelift doesn&apos;t save you at least its subscription cost in billable hours
            within 14 days, tell us and we&apos;ll refund you in full. No forms, no haggling.
          </p>
        </div>
      </div>
    </section>
  );
}
