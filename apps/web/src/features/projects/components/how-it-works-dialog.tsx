import { Link2, Package, Sparkles } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { useAiDesigner } from '../../../lib/ai-designer';

const STEPS = [
  {
    icon: Link2,
    title: 'Submit your URL',
    text: 'Paste the address of the website you want to modernize and pick a strategy.',
  },
  {
    icon: Sparkles,
    title: 'Automatic modernization',
    text: 'Sitelift reads every page, keeps your content and rebuilds it as a React + Vite + Tailwind project, then checks the build.',
  },
  {
    icon: Package,
    title: 'Get your results',
    text: 'Preview the new site, read the report, and take the code as a downloadable package or a GitHub repository.',
  },
];

/** The 'How It Works' dialog of the Create Project screen (spec §2): three steps. */
export function HowItWorksDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const aiDesigner = useAiDesigner();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="How It Works" size="large">
      <ol className="space-y-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <step.icon className="size-5" aria-hidden />
            </span>
            <div>
              <p className="text-sm font-semibold text-slate-900">
                {index + 1}. {index === 1 && aiDesigner ? 'AI modernization' : step.title}
              </p>
              <p className="mt-0.5 text-sm leading-6 text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
