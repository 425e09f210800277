export interface ZoomSliderProps {
  label: string;
  zoom: number;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  onZoom: (zoom: number) => void;
  className?: string;
  valueClassName?: string;
}

/** A cropper's zoom: a labelled range input that reads and shows the zoom as a percentage. */
export function ZoomSlider({
  label,
  zoom,
  min,
  max,
  step,
  disabled,
  onZoom,
  className,
  valueClassName,
}: ZoomSliderProps) {
  const percent = Math.round(zoom * 100);
  return (
    <label className={className}>
      <span>{label}</span>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={zoom}
        aria-valuetext={`${percent}%`}
        disabled={disabled}
        onChange={(event) => onZoom(Number(event.target.value))}
      />
      <span className={valueClassName} aria-hidden="true">
        {percent}%
      </span>
    </label>
  );
}
