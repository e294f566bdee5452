// Module AutoLayout.
