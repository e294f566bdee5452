1  — (void)viewDidLoad {
2    NSDictionary *v = NSDictionaryOfVariableBindings(_a, _b);
3    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@“H:|-[_a]-(gap)-[_b]-|” options:NSLayoutFormatAlignAllTop metrics:@{@"gap": @8} views:v]];
4    [_a.widthAnchor constraintEqualToConstant:20.5f].active = YES;
5  }
