NSLayoutConstraint.activate([
  a.leadingAnchor.constraint(equalToSystemSpacingAfter: view.layoutMarginsGuide.leadingAnchor, multiplier: 1),
  b.topAnchor.constraint(greaterThanOrEqualTo: view.safeAreaLayoutGuide.topAnchor, constant: -8),
])
let c = NSLayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 44)
c.priority = UILayoutPriority(rawValue: 750)
c.isActive = true
b.setContentHuggingPriority(.defaultLow, for: .horizontal)
