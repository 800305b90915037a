import classes from './required-label.module.css';

/** Label props of a required field: `<TextInput labelProps={requiredLabelProps} />`. */
export const requiredLabelProps = { className: classes.required, 'data-required-star': true };
